/** The task functions, the orchestrator and the worker harness, written against the core's ports only. */
package io.sluice.functions;
