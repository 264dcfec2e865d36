-- Takes a free lock and mints its fencing token, or reports how long the holder's lease has left.
-- A lock that the caller's own process just gave back for the waiters of other processes (see
-- release.lua) is left to them until one takes it or the give-way runs out.
-- KEYS[1] the lock, KEYS[2] its fencing counter, KEYS[3] its waiters marker, KEYS[4] its give-way
-- ARGV[1] owner token, ARGV[2] lease in ms, ARGV[3] ms the caller will wait if the lock is busy,
-- ARGV[4] the caller's process id
-- Returns the fencing token (positive) when acquired; otherwise minus one more than the ms left on
-- the holder's lease or the give-way (so -1 means under a millisecond), or 0 when the lock has no
-- expiry. One integer rather than a pair keeps the reply of the commonest call small.
local givenWayBy = redis.call('get', KEYS[4])
if givenWayBy ~= ARGV[4] and redis.call('set', KEYS[1], ARGV[1], 'nx', 'px', ARGV[2]) then
	if givenWayBy then
		redis.call('del', KEYS[4])
	end
	return redis.call('incr', KEYS[2])
end
-- A waiter leaves a marker so that the release publishes a notice; it lives as long as the wait.
-- It names the waiting process, or '*' for several, so a holder can tell whether others wait.
local wait = tonumber(ARGV[3])
if wait > 0 then
	local waiting = redis.call('get', KEYS[3])
	local ttl = redis.call('pttl', KEYS[3])
	local mark = (waiting == false or waiting == ARGV[4]) and ARGV[4] or '*'
	if mark ~= waiting or ttl < wait then
		redis.call('set', KEYS[3], mark, 'px', math.max(ttl, wait))
	end
end
local pttl = redis.call('pttl', KEYS[1])
if pttl == -2 then
	pttl = redis.call('pttl', KEYS[4])
end
if pttl < 0 then
	return 0
end
return -(pttl + 1)
