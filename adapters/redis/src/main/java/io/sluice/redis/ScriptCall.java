package io.sluice.redis;

import java.util.List;

/** The keys and arguments of one run of a Lua script, made by the adapter that owns the keys, run by it or by a pipeline. */
record ScriptCall(List<Object> keys, Object[] args) {}
