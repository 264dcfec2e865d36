-- Deletes the lock if the caller still owns it, and tells waiters (if any) that it is free. A lock
-- given back for the waiters of other processes (ARGV[4] not empty) is left to them for a while:
-- attempts of the giving process do not take it until one of them has (see acquire.lua).
-- KEYS[1] the lock, KEYS[2] its waiters marker, KEYS[3] its give-way
-- ARGV[1] owner token, ARGV[2] release channel, ARGV[3] the lock's name, published to waiters,
-- ARGV[4] the giving process's id, or '' for a plain release, ARGV[5] ms to give way
-- Returns 1 when released, 0 when the lock had expired or belongs to another owner.
if redis.call('get', KEYS[1]) ~= ARGV[1] then
	return 0
end
redis.call('del', KEYS[1])
if redis.call('del', KEYS[2]) == 1 then
	if ARGV[4] ~= '' then
		redis.call('set', KEYS[3], ARGV[4], 'px', ARGV[5])
	end
	redis.call('publish', ARGV[2], ARGV[3])
end
return 1
