/**
 * The dead letters a host keeps (what the {@code dlq-handler} consumed), to list and redrive: {@link DeadLetters}
 * records each message with its secrets left out ({@link LetterText}) in the host's
 * {@link io.sluice.orchestration.port.DeadLetterStore}, under the tenant of the message's pipeline.
 */
package io.sluice.functions.deadletter;
