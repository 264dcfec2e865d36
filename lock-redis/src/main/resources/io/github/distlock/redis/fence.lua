-- Mints a fencing token for the lock's owner: the server's time in microseconds, or one more than
-- the last token when that is larger, so tokens keep increasing across a restart that lost the
-- memory, as long as the server's clock does not step back. The memory lives until ARGV[2] ms after
-- the time the last token encodes (PXAT, Redis 6.2 and later), not after now: a clock stepped back
-- still finds it until the clock has passed that token again, and mints above it.
-- KEYS[1] the lock, KEYS[2] its fencing memory
-- ARGV[1] owner token, ARGV[2] ms to remember the last token, ARGV[3] (optional) the least token
-- to mint: Redlock stores the token it gave out on a quorum this way (see REDLOCK.md)
-- Returns the token (positive), or 0 when the caller does not hold the lock.
if redis.call('get', KEYS[1]) ~= ARGV[1] then
	return 0
end
local now = redis.call('time')
local token = tonumber(now[1]) * 1000000 + tonumber(now[2])
local last = tonumber(redis.call('get', KEYS[2]))
if last and last >= token then
	token = last + 1
end
local floor = tonumber(ARGV[3])
if floor and floor > token then
	token = floor
end
-- Lua numbers are doubles, exact below 2^53; format them whole, never with an exponent.
redis.call('set', KEYS[2], string.format('%.0f', token), 'pxat',
	string.format('%.0f', math.floor(token / 1000) + tonumber(ARGV[2])))
return token
