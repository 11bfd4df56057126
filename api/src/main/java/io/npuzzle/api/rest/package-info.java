/**
 * The HTTP interface of the job service: the resources, their request and response bodies, the validation of a
 * submission into a solve request, and the problem responses of each operation in the OpenAPI document.
 */
package io.npuzzle.api.rest;
