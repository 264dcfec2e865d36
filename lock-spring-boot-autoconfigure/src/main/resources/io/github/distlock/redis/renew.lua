-- Extends the lock's lease if the caller still owns it.
-- KEYS[1] the lock
-- ARGV[1] owner token, ARGV[2] new lease in ms
-- Returns 1 when extended, 0 when the lock had expired or belongs to another owner.
if redis.call('get', KEYS[1]) == ARGV[1] then
	return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
