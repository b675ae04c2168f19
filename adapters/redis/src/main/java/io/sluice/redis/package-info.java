/** Redis adapters: execution store, idempotency store and timer index on Redisson with one Lua script per change. */
package io.sluice.redis;
