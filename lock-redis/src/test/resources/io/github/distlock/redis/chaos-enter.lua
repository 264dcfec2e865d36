-- Starts a section guarded by a lock, on the data server: accepts the holder's fencing token only if
-- it is larger than every token accepted before for the key, and reads the key's counter.
-- KEYS[1] the key's last accepted token, KEYS[2] its counter, KEYS[3] the run's refusals per key (a hash)
-- ARGV[1] the fencing token, ARGV[2] the lock key
-- Returns the counter (0 when unset), or -1 when the token is refused and the section must not write.
local last = tonumber(redis.call('get', KEYS[1]))
if last and tonumber(ARGV[1]) <= last then
	redis.call('hincrby', KEYS[3], ARGV[2], 1)
	return -1
end
redis.call('set', KEYS[1], ARGV[1])
return tonumber(redis.call('get', KEYS[2]) or '0')
