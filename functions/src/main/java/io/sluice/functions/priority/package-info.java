/**
 * The {@link io.sluice.functions.priority.Priority} of a pipeline and its executions: a value that
 * depends on nothing, so starts, messaging, channels and alerts can all use it without a cycle.
 */
package io.sluice.functions.priority;
