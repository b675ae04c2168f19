/**
 * Waiting executions sleep in the object store: an execution whose every open wait is long (a timer further away than
 * a setting, a callback or activity task) leaves its state and history in one compressed object (the archive's codec)
 * and a stub in the execution store ({@link io.sluice.orchestration.port.ExecutionStubs}); the first change wakes it.
 * {@link io.sluice.functions.hibernate.HibernatingStore} makes sleeping executions read as the others.
 */
package io.sluice.functions.hibernate;
