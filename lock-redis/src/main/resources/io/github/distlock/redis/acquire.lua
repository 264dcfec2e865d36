-- Takes the lock for an owner, or tells how long the holder's lease has left. A lock that the
-- caller's own process just gave way (see release.lua) is left to other processes' waiters until
-- one of them takes it or the give-way runs out.
-- KEYS[1] the lock, KEYS[2] its waiters marker, KEYS[3] its give-way
-- ARGV[1] owner token, ARGV[2] lease in ms, ARGV[3] ms the caller will wait if the lock is busy
-- (0: it will not), ARGV[4] the caller's process id
-- Returns 1 when acquired (or already held by this owner: a replay); when busy, minus one more
-- than the ms left on the holder's lease or on the give-way (so -1 is under a millisecond), or 0
-- when that key has no expiry.
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
-- A waiter leaves a marker so that the release publishes a notice; it lives as long as the
-- longest wait. It names the waiting process, or '*' for several, so a holder can tell whether
-- other processes wait.
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
