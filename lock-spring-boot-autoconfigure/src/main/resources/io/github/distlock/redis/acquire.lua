-- Takes a free lock and mints its fencing token, or reports how long the holder's lease has left.
-- KEYS[1] the lock, KEYS[2] its fencing counter, KEYS[3] its waiters marker
-- ARGV[1] owner token, ARGV[2] lease in ms, ARGV[3] ms the caller will wait if the lock is busy
-- Returns the fencing token (positive) when acquired; when busy, minus one more than the holder's
-- remaining lease in ms (so -1 means under a millisecond), or 0 when the lock has no expiry.
-- One integer rather than a pair keeps the reply of the commonest call small.
if redis.call('set', KEYS[1], ARGV[1], 'nx', 'px', ARGV[2]) then
	return redis.call('incr', KEYS[2])
end
-- A waiter leaves a marker so that the release publishes a notice; it lives as long as the wait.
local wait = tonumber(ARGV[3])
if wait > 0 and redis.call('pttl', KEYS[3]) < wait then
	redis.call('set', KEYS[3], '1', 'px', wait)
end
local pttl = redis.call('pttl', KEYS[1])
if pttl < 0 then
	return 0
end
return -(pttl + 1)
