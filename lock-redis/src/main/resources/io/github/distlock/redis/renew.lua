-- Sets the lease of every lock still held by its owner, longer or shorter than before.
-- KEYS[2i-1] lock i, KEYS[2i] its waiters marker
-- ARGV[1] the caller's process id, ARGV[2i] owner token of lock i, ARGV[2i+1] its lease in ms
-- Returns one integer per lock, in order: 2 when renewed and another process waits for it (the
-- marker names another process, or '*'), 1 when renewed, 0 when gone or held by another owner.
local answers = {}
for i = 1, #KEYS / 2 do
	local lock, waiters = KEYS[2 * i - 1], KEYS[2 * i]
	if redis.call('get', lock) == ARGV[2 * i] then
		redis.call('pexpire', lock, ARGV[2 * i + 1])
		local waiting = redis.call('get', waiters)
		answers[i] = (waiting and waiting ~= ARGV[1]) and 2 or 1
	else
		answers[i] = 0
	end
end
return answers
