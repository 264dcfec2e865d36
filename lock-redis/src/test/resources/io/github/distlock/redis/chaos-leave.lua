-- Ends a section guarded by a lock, on the data server: writes the key's counter only if the
-- holder's token is still the last one accepted, that is if no section with a later token entered
-- while this one was inside.
-- KEYS[1] the key's last accepted token, KEYS[2] its counter, KEYS[3] the run's refusals per key (a hash)
-- ARGV[1] the fencing token, ARGV[2] the lock key, ARGV[3] the counter's new value
-- Returns 1 when written, 0 when refused.
if redis.call('get', KEYS[1]) ~= ARGV[1] then
	redis.call('hincrby', KEYS[3], ARGV[2], 1)
	return 0
end
redis.call('set', KEYS[2], ARGV[3])
return 1
