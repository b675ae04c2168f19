-- Reads an execution (lib/load.lua, which this script starts with).
-- KEYS[1] execution hash, KEYS[2] outbox list, KEYS[3] the numbers of its shard's definition hashes.
return load(KEYS[1], KEYS[2], KEYS[3])
