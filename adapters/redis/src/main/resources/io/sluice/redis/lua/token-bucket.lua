-- Token bucket: takes one permit from KEYS[1] or says how long until one is free.
-- ARGV: permits per second, burst, now (epoch ms, from the caller: the decision never reads the server clock).
-- The hash keeps {tokens, at}; a caller whose clock is behind the bucket's gains nothing (elapsed 0).
-- Returns 0 when granted, else the wait in ms. The key expires once the bucket would be full again.
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = burst
  at = now
end
local elapsed = now - at
if elapsed < 0 then elapsed = 0 end
tokens = math.min(burst, tokens + elapsed * rate / 1000)
if now > at then at = now end
local ttl = math.ceil(burst * 1000 / rate) + 1000
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.17g', tokens), 'at', string.format('%d', at))
redis.call('PEXPIRE', KEYS[1], ttl)
return wait
