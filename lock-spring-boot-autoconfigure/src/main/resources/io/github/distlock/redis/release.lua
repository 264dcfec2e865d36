-- Deletes the lock if the caller owns it, and tells waiters (if any) that it is free. A lock given
-- back for the waiters of other processes (ARGV[4] not empty) is left to them for a while: attempts
-- of the giving process do not take it until one of them has (see acquire.lua).
-- Idempotent: run again, it finds the lock gone and answers so.
-- KEYS[1] the lock, KEYS[2] its waiters marker, KEYS[3] its give-way
-- ARGV[1] owner token, ARGV[2] release channel, ARGV[3] the lock's name, published to waiters,
-- ARGV[4] the giving process's id, or '' for a plain release, ARGV[5] ms to give way at most
-- Returns 1 when released, 0 when the lock was gone, -1 when another owner holds it.
local holder = redis.call('get', KEYS[1])
if not holder then
	return 0
end
if holder ~= ARGV[1] then
	return -1
end
redis.call('del', KEYS[1])
local waiting = redis.call('get', KEYS[2])
if waiting then
	local wait = redis.call('pttl', KEYS[2])
	redis.call('del', KEYS[2])
	if ARGV[4] ~= '' and waiting ~= ARGV[4] and wait > 0 then
		redis.call('set', KEYS[3], ARGV[4], 'px', math.min(wait, tonumber(ARGV[5])))
	end
	-- pcall: the lock is released whether or not this client may publish (an ACL user without
	-- channel rights); its waiters then retry when they would have anyway.
	redis.pcall('publish', ARGV[2], ARGV[3])
end
return 1
