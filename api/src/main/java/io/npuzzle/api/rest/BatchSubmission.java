package io.npuzzle.api.rest;

import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * The body of {@code POST /api/v1/jobs/batch}: {@code {"jobs": [{...}, ...]}}. Entries are read one by one, so a
 * bad one spoils only itself. A batch holds at least one entry.
 */
@Schema(additionalProperties = Schema.False.class)
public record BatchSubmission(@Schema(type = SchemaType.ARRAY, implementation = JobSubmission.class, minItems = 1,
                                      required = true)
                              List<JsonNode> jobs) {
}
