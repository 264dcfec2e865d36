-- Sets the lease of each lock still held by its owner, longer or shorter than before, and tells
-- whether other processes wait for it. Idempotent: run again, it sets the same leases.
-- KEYS[2i-1] a lock, KEYS[2i] its waiters marker (all keys in one cluster slot)
-- ARGV[1] the caller's process id, ARGV[2i] the owner token, ARGV[2i+1] the lease in ms, for lock i
-- Returns one integer per lock: 0 when its owner no longer holds it, 1 when renewed, 2 when renewed
-- and another process waits for it.
local answers = {}
for i = 1, #KEYS / 2 do
	local lock = KEYS[2 * i - 1]
	if redis.call('get', lock) == ARGV[2 * i] then
		redis.call('pexpire', lock, ARGV[2 * i + 1])
		local waiting = redis.call('get', KEYS[2 * i])
		answers[i] = (waiting and waiting ~= ARGV[1]) and 2 or 1
	else
		answers[i] = 0
	end
end
return answers
