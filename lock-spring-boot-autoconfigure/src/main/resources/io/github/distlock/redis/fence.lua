-- Mints a fencing token for the lock if the caller owns it: at least the server's clock in
-- microseconds, and larger than the last token minted for this lock, remembered for a while. So
-- tokens keep increasing after a restart that lost the data, unless the clock steps back.
-- Running it again mints a larger token, which is as good.
-- KEYS[1] the lock, KEYS[2] its last fencing token
-- ARGV[1] owner token, ARGV[2] ms to remember the last token
-- Returns the token, or 0 when the caller does not own the lock.
if redis.call('get', KEYS[1]) ~= ARGV[1] then
	return 0
end
local time = redis.call('time')
-- Microseconds since the epoch stay below 2^53, so a Lua number holds them exactly.
local token = tonumber(time[1]) * 1000000 + tonumber(time[2])
local last = tonumber(redis.call('get', KEYS[2]))
if last and last >= token then
	token = last + 1
end
redis.call('set', KEYS[2], string.format('%.0f', token), 'px', ARGV[2])
return token
