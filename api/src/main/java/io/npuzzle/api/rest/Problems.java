package io.npuzzle.api.rest;

import io.npuzzle.protocol.ProblemType;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems a REST operation answers with besides those every operation can give (see {@link OpenApiFromCode},
 * which documents them all in the OpenAPI document).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Problems {

    ProblemType[] value();
}
