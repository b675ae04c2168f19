/**
 * Priority channels on the consuming side: which channel's queue a consumer takes from next (P0 first,
 * with a turn for the lower ones so they never starve: {@link io.sluice.functions.channel.ChannelOrder}),
 * which channels are throttled under pressure, lowest first ({@link io.sluice.functions.channel.Throttle}),
 * and the concurrency and rate limits of each channel, pipeline and tenant, held across processes
 * ({@link io.sluice.functions.channel.ChannelLimits}); {@link io.sluice.functions.channel.ChannelTaker}
 * puts them together for a host's consumer.
 */
package io.sluice.functions.channel;
