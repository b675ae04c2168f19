-- Reads an execution (lib/load.lua, which this script starts with).
-- KEYS[1] execution hash, KEYS[2] outbox list.
return load(KEYS[1], KEYS[2])
