-- Takes a free lock for the caller's process, or reports how long the holder's lease has left.
-- Idempotent: a lock already held by the caller's owner token (this script ran before, and its
-- reply was lost) is acquired. A lock that the caller's own process just gave back for the waiters
-- of other processes (see release.lua) is left to them until one takes it or the give-way ends.
-- KEYS[1] the lock, KEYS[2] its waiters marker, KEYS[3] its give-way
-- ARGV[1] owner token, ARGV[2] lease in ms, ARGV[3] ms the caller will wait if the lock is busy,
-- ARGV[4] the caller's process id
-- Returns 1 when acquired; otherwise minus one more than the ms left on the holder's lease or the
-- give-way (so -1 means under a millisecond), or 0 when the lock has no expiry.
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then
	return 1
end
if not holder then
	local givenWayBy = redis.call('get', KEYS[3])
	if givenWayBy ~= ARGV[4] then
		redis.call('set', KEYS[1], ARGV[1], 'px', ARGV[2])
		if givenWayBy then
			redis.call('del', KEYS[3])
		end
		return 1
	end
end
-- A waiter leaves a marker, so that the release publishes a notice and the holder's process learns
-- that others wait. It names the waiting process, or '*' for several; it lives as long as the
-- longest wait.
local wait = tonumber(ARGV[3])
if wait > 0 then
	local waiting = redis.call('get', KEYS[2])
	local ttl = redis.call('pttl', KEYS[2])
	local mark = (waiting == false or waiting == ARGV[4]) and ARGV[4] or '*'
	if mark ~= waiting or ttl < wait then
		redis.call('set', KEYS[2], mark, 'px', math.max(ttl, wait))
	end
end
local pttl = redis.call('pttl', KEYS[1])
if pttl == -2 then
	pttl = redis.call('pttl', KEYS[3])
end
if pttl < 0 then
	return 0
end
return -(pttl + 1)
