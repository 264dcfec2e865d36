-- Hands the lock from its owner to the next owner, with a new lease and a new fencing token.
-- KEYS[1] the lock, KEYS[2] its fencing counter, KEYS[3] its waiters marker
-- ARGV[1] current owner token, ARGV[2] next owner token, ARGV[3] next lease in ms,
-- ARGV[4] the caller's process id
-- Returns {next owner's fencing token, 1 if other processes wait for the lock else 0},
-- or {0, 0} when the current owner no longer holds the lock.
if redis.call('get', KEYS[1]) ~= ARGV[1] then
	return {0, 0}
end
redis.call('set', KEYS[1], ARGV[2], 'px', ARGV[3])
local waiting = redis.call('get', KEYS[3])
return {redis.call('incr', KEYS[2]), (waiting and waiting ~= ARGV[4]) and 1 or 0}
