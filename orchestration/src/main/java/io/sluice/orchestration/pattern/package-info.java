/**
 * The four pipeline patterns (ingestion, export, simulation, manual-upload): templates that render an
 * ASL definition from a small config, and the JSON Schemas those configs must match.
 *
 * <p>Templates and schemas are resources of this module under {@code io/sluice/patterns/}; a host
 * reads them and hands them in through {@link io.sluice.orchestration.pattern.PatternResources},
 * because the core does no I/O.
 *
 * <h2>How a template becomes a definition</h2>
 * A template is a JSON object with {@code Steps} (the happy path) and {@code Failure} (what runs
 * after a step gives up), each a list of ASL states carrying their {@code Name}; other top-level
 * fields, such as {@code Comment}, are copied.
 * <ol>
 *   <li>States are chained in list order with {@code Next}; the last of each list gets
 *       {@code End: true}. Choice, Succeed and Fail states and states that already say
 *       {@code Next} or {@code End} are left alone.</li>
 *   <li>{@code "Repeat": "/pointer"} emits the step once per element of that config array, named
 *       {@code "Name 1"}, {@code "Name 2"}, ... when there is more than one; in its strings
 *       {@code {{i}}} is the 0-based index and {@code {{n}}} the 1-based number.</li>
 *   <li>Every Task, Map and Parallel step in {@code Steps} without its own {@code Retry} gets
 *       {@code ["{{retry}}"]}, and without its own {@code Catch} a {@code States.ALL} catcher that
 *       puts the error at {@code $.failure} and goes to the first {@code Failure} state.</li>
 *   <li>{@code "{{retry}}"} anywhere stands for the retrier built from the config's {@code retry}
 *       section ({@link io.sluice.orchestration.pattern.RetrySettings}).</li>
 * </ol>
 * Those two, the count of a repeated step and the retry policy, are the only ways a config reaches
 * the definition. Every other value is read at run time from {@code $.config}, where the first
 * state ({@code read-config}) puts the pipeline's config.
 */
package io.sluice.orchestration.pattern;
