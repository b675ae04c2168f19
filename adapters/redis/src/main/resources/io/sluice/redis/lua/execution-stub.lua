-- Puts a waiting execution to sleep: its state and history leave Redis (the caller wrote them to the object store
-- first) and a stub stays: the hash keeps version, summary fields and index-set names, its state is '' (what a load
-- reads as a stub, and what the commit script refuses). Only a running execution at the expected version, not a stub
-- already, with no unsent outbox.
--
-- KEYS[1] execution hash   KEYS[2] outbox list   KEYS[3] history list
-- ARGV[1] expected version
-- Returns 1 if it stubbed, else 0.

local f = redis.call('HMGET', KEYS[1], 'version', 'status')
if not f[1] or tonumber(f[1]) ~= tonumber(ARGV[1]) or f[2] ~= 'RUNNING' then
  return 0
end
if redis.call('HSTRLEN', KEYS[1], 'state') == 0 or redis.call('LLEN', KEYS[2]) > 0 then
  return 0
end
redis.call('HSET', KEYS[1], 'state', '')
redis.call('HDEL', KEYS[1], 'writer', 'committedAt', 'retainUntil')
redis.call('DEL', KEYS[3])
return 1
