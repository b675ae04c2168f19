package io.sluice.tests.architecture.violations.cli;

/** A stand-in for a CLI class: the outermost module, which nothing else may use. */
public class CliThing {}
