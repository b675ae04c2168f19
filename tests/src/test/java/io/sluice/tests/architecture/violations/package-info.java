/**
 * Deliberately bad classes, laid out like Sluice itself ({@code .orchestration},
 * {@code .functions}, {@code .api}, {@code .aws}, {@code .azure}, {@code .local}, {@code .redis},
 * {@code .cli}), on which
 * {@code ArchitectureRulesBiteTest} runs the architecture rules to show that each one reports
 * what it should. They live in test sources, so {@code ArchitectureTest} (which imports
 * {@code io.sluice} without tests) never sees them. Nothing here is called.
 */
package io.sluice.tests.architecture.violations;
