/** Redis adapters: execution store, idempotency store, timer index, task queue and the rest, on Redisson with one Lua script per change. */
package io.sluice.redis;
