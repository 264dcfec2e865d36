-- Buys one unit of a good atomically: at most once per user, never more than the stock.
-- KEYS[1] buyers set, KEYS[2] sold counter, KEYS[3..] stock segments
-- ARGV[1] user id
-- Returns 'OK', 'ALREADY_BOUGHT' or 'SOLD_OUT'.
if redis.call('sismember', KEYS[1], ARGV[1]) == 1 then
	return 'ALREADY_BOUGHT'
end
for i = 3, #KEYS do
	if tonumber(redis.call('get', KEYS[i]) or '0') > 0 then
		redis.call('decr', KEYS[i])
		redis.call('incr', KEYS[2])
		redis.call('sadd', KEYS[1], ARGV[1])
		return 'OK'
	end
end
return 'SOLD_OUT'
