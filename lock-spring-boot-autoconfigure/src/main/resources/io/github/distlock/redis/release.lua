-- Deletes the lock if the caller still owns it, and tells waiters (if any) that it is free.
-- KEYS[1] the lock, KEYS[2] its waiters marker
-- ARGV[1] owner token, ARGV[2] release channel, ARGV[3] the lock's name, published to waiters
-- Returns 1 when released, 0 when the lock had expired or belongs to another owner.
if redis.call('get', KEYS[1]) ~= ARGV[1] then
	return 0
end
redis.call('del', KEYS[1])
if redis.call('del', KEYS[2]) == 1 then
	redis.call('publish', ARGV[2], ARGV[3])
end
return 1
