/**
 * Object-created triggers: the {@code object-trigger} function turns a storage notification into
 * pipeline executions.
 *
 * <p>The flow is: {@link io.sluice.functions.trigger.object.ObjectEvents} detects the format of a
 * raw event body (S3 notification, EventBridge "Object Created", Event Grid {@code BlobCreated} in
 * the Event Grid or the CloudEvents schema, or a {@link io.sluice.functions.trigger.object.LocalFolderEvent})
 * and reads every object it announces into an {@link io.sluice.functions.trigger.object.ObjectCreated};
 * {@link io.sluice.functions.trigger.object.ObjectTrigger} validates each key, matches it against the
 * {@link io.sluice.functions.trigger.object.ObjectRules}, renders the rule's input and starts the rule's
 * pipeline through an {@link io.sluice.functions.start.ExecutionStarter} under a name derived
 * from the object version ({@link io.sluice.functions.trigger.object.ExecutionNames}), so a duplicate
 * notification finds the execution already there.
 *
 * <p>No platform type appears here: hosts hand in the body text (an SQS message body, an Event Grid
 * HTTP body, a local folder event) and act on the returned
 * {@link io.sluice.functions.trigger.object.TriggerReport}.
 */
package io.sluice.functions.trigger.object;
