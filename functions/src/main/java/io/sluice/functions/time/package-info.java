/**
 * Where the core modules' monotonic time and unpredictable randomness come from: {@link io.sluice.functions.time.SystemTime}
 * and {@link io.sluice.functions.time.SystemRandom}, their one reader of the system's time and their one random source.
 */
package io.sluice.functions.time;
