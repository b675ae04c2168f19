/** Where the core modules' monotonic time comes from: {@link io.sluice.functions.time.SystemTime}, their one reader of the system's time. */
package io.sluice.functions.time;
