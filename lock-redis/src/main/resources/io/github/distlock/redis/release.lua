-- Deletes the lock if the caller still owns it and, when someone waits for it, tells them. A lock
-- given way (ARGV[4] not empty) while another process waits is left to that process for a while:
-- attempts of the giving process do not take it until a waiter has (see acquire.lua).
-- Every release is remembered for a while (KEYS[4]): a waiter, or any caller, may take the lock at
-- once, and a second run of this release (the client re-sending it) must not take that for a lock
-- lost to another owner.
-- KEYS[1] the lock, KEYS[2] its waiters marker, KEYS[3] its give-way, KEYS[4] its last release
-- ARGV[1] owner token, ARGV[2] the lock's notice channel (in its slot), ARGV[3] the lock's name,
-- published to waiters, ARGV[4] the giving process's id, or '' for a plain release,
-- ARGV[5] give-way in ms, ARGV[6] ms to remember the release
-- Returns 1 when released, 0 when the lock was gone (expired, lost, or deleted by an earlier run
-- of this release), -1 when another owner holds it.
local holder = redis.call('get', KEYS[1])
if not holder or redis.call('get', KEYS[4]) == ARGV[1] then
	return 0
end
if holder ~= ARGV[1] then
	return -1
end
redis.call('del', KEYS[1])
redis.call('set', KEYS[4], ARGV[1], 'px', ARGV[6])
local waiting = redis.call('get', KEYS[2])
if waiting then
	local window = tonumber(ARGV[5])
	local ttl = redis.call('pttl', KEYS[2])
	redis.call('del', KEYS[2])
	if ARGV[4] ~= '' and waiting ~= ARGV[4] then
		-- No longer than the waiters wait; at least 1 ms, the least PX takes.
		if ttl >= 0 and ttl < window then
			window = math.max(ttl, 1)
		end
		redis.call('set', KEYS[3], ARGV[4], 'px', window)
	end
	-- Sharded, so the notice stays on the lock's shard; a server without SPUBLISH (Redis 6) answers
	-- an error, and subscribers there use SUBSCRIBE. pcall: a user without rights on the channel
	-- still releases; the lock is deleted already.
	local published = redis.pcall('spublish', ARGV[2], ARGV[3])
	if type(published) == 'table' and published.err then
		redis.pcall('publish', ARGV[2], ARGV[3])
	end
end
return 1
