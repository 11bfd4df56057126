package io.npuzzle.api.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.npuzzle.api.PipelineResource;
import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.ProblemType;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAPI document at {@code /q/openapi} against the rules of Redocly's recommended ruleset that it once
 * failed, and more that clients rely on; and the checked-in copy the test client is generated from, so that it
 * cannot drift from the service.
 */
@QuarkusTest
@WithTestResource(PipelineResource.class)
class OpenApiDocumentTest {

    /** The copy in the module, which the build generates the test client from. */
    private static final Path CHECKED_IN = Path.of("openapi.json");
    private static final Path SERVED_COPY = Path.of("target", "openapi.json");
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonNode document;

    @BeforeEach
    void fetchTheDocument() throws IOException {
        document = JSON.readTree(given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().asString());
    }

    @Test
    void everyOperationHasAUniqueOperationIdASummaryAndATagOfTheDocument() {
        Set<String> ids = new HashSet<>();
        Set<String> tags = new HashSet<>();
        document.get("tags").forEach(tag -> {
            tags.add(tag.get("name").asText());
            assertFalse(tag.path("description").asText().isBlank(), "tag " + tag + " has a description");
            assertFalse(tag.get("name").asText().contains("Resource"), "tag " + tag + " is named for the resource");
        });
        forEachOperation((name, operation) -> {
            assertTrue(operation.path("operationId").asText().matches("[a-z][A-Za-z]+"), name + " has an operationId");
            assertTrue(ids.add(operation.get("operationId").asText()), name + "'s operationId is unique");
            assertFalse(operation.path("summary").asText().isBlank(), name + " has a summary");
            assertFalse(operation.path("tags").isEmpty(), name + " has a tag");
            operation.get("tags").forEach(tag -> assertTrue(tags.contains(tag.asText()), name + ": tag " + tag));
        });
        assertEquals(Set.of("submitJob", "getJob", "cancelJob", "submitJobBatch", "streamJobEvents", "getQueue"), ids);
    }

    @Test
    void everyOperationDocumentsItsClientErrorsAsProblemsWithExamplesAndItsAnswersWithExamples() {
        forEachOperation((name, operation) -> {
            List<String> statuses = new ArrayList<>();
            operation.get("responses").fieldNames().forEachRemaining(statuses::add);
            assertTrue(statuses.stream().anyMatch(status -> status.startsWith("4")), name + " documents a 4xx");
            for (String status : statuses) {
                JsonNode content = operation.at("/responses/" + status + "/content");
                if (status.startsWith("2")) {
                    content.fields().forEachRemaining(media -> assertFalse(media.getValue().path("examples").isEmpty(),
                            name + " " + status + " " + media.getKey() + " has examples"));
                } else {
                    JsonNode problem = content.get(ProblemResponses.MEDIA_TYPE);
                    assertEquals("#/components/schemas/Problem", problem.at("/schema/$ref").asText(), name + status);
                    assertFalse(problem.get("examples").isEmpty(), name + " " + status + " has examples");
                }
            }
            operation.at("/requestBody/content").fields().forEachRemaining(media -> assertFalse(
                    media.getValue().path("examples").isEmpty(), name + " " + media.getKey() + " request examples"));
        });
    }

    @Test
    void everyOperationAcceptsTheBearerSchemeWithoutRequiringIt() {
        JsonNode bearer = document.at("/components/securitySchemes/" + OpenApiFromCode.BEARER_SCHEME);
        assertEquals("http", bearer.path("type").asText());
        assertEquals("bearer", bearer.path("scheme").asText());
        forEachOperation((name, operation) -> assertEquals(
                JSON.valueToTree(List.of(Map.of(), Map.of(OpenApiFromCode.BEARER_SCHEME, List.of()))),
                operation.get("security"), name));
    }

    @Test
    void everyOperationDocumentsThe401OfAMissingOrWrongApiKey() {
        forEachOperation((name, operation) -> assertEquals(ProblemType.UNAUTHORIZED.urn(), operation.at(
                "/responses/401/content/application~1problem+json/examples/unauthorized/value/type").asText(), name));
    }

    @Test
    void theJobsDocumentTheRatioOfBoundedModeTheBoundOfAnAnswerAndTheOwnerOfAJob() {
        JsonNode schemas = document.at("/components/schemas");
        JsonNode ratio = schemas.at("/JobSubmission/properties/ratio");
        assertTrue(ratio.path("description").asText().contains("bounded"), ratio.toString());
        assertFalse(ratio.path("examples").isEmpty(), "the ratio has an example");
        assertTrue(schemas.at("/Job/properties/ratio").isObject());
        assertTrue(schemas.at("/Job/properties/owner").isObject());
        assertTrue(schemas.at("/JobResult/properties/bound").isObject());
        JsonNode submissionExamples = document.at("/paths/~1api~1v1~1jobs/post/requestBody/content/application~1json"
                + "/examples");
        assertTrue(submissionExamples.findValues("value").stream()
                .anyMatch(example -> example.toString().contains("\"ratio\"")), "a bounded submission example");
    }

    @Test
    void theDocumentNamesItsServersAndLicense() {
        assertFalse(document.path("servers").isEmpty());
        document.get("servers").forEach(server -> assertFalse(server.path("url").asText().isBlank()));
        JsonNode license = document.at("/info/license");
        assertFalse(license.path("name").asText().isBlank());
        assertTrue(license.has("identifier") || license.has("url"), "OpenAPI 3.1 wants an identifier or a URL");
    }

    @Test
    void theCheckedInDocumentThatTheTestClientIsGeneratedFromIsTheServedOne() throws IOException {
        Files.createDirectories(SERVED_COPY.getParent());
        JSON.writerWithDefaultPrettyPrinter().writeValue(SERVED_COPY.toFile(), document);
        assertEquals(JSON.readTree(CHECKED_IN.toFile()), document,
                "the API's document changed: review api/" + SERVED_COPY + " and copy it to api/" + CHECKED_IN);
    }

    private void forEachOperation(BiConsumer<String, JsonNode> check) {
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(entry -> {
            if (METHODS.contains(entry.getKey())) {
                check.accept(entry.getKey().toUpperCase() + " " + path.getKey(), entry.getValue());
            }
        }));
    }
}
