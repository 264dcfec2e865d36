-- Tells who holds the lock and for how long, for operators; never part of locking.
-- KEYS[1] the lock
-- Returns the owner token and the ms left on its lease (-1: no expiry), or nothing when it is free.
local owner = redis.call('get', KEYS[1])
if not owner then
	return {}
end
return { owner, redis.call('pttl', KEYS[1]) }
