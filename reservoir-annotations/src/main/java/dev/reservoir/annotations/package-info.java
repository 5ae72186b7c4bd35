/**
 * Resources and resource templates as annotated methods ({@link dev.reservoir.annotations.Resource},
 * {@link dev.reservoir.annotations.ResourceTemplate}), served through
 * {@link dev.reservoir.annotations.AnnotatedResources}.
 */
package dev.reservoir.annotations;
