package io.npuzzle.api.rest;

import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.ProblemType;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The parts of the OpenAPI document generated from the code: problem responses from the catalogue, mode labels. */
class OpenApiFromCodeTest {

    private static final String JOB = JobResource.PATH + "/{id}";

    @Test
    void everyProblemOfAnOperationIsDocumentedUnderItsStatusAsAnExampleOfItsType() {
        OpenAPI document = jobOperations();

        new OpenApiFromCode().filterOpenAPI(document);

        Operation get = document.getPaths().getPathItem(JOB).getGET();
        assertEquals(Set.of("200", "400", "401", "404", "414", "429", "431", "500", "503"),
                get.getResponses().getAPIResponses().keySet());
        assertEquals(Set.of("job-not-found"), examples(get, 404));
        assertEquals(Set.of("unauthorized"), examples(get, 401), "when API keys are on");
        assertEquals(Set.of("invalid-wait"), examples(get, 400));
        MediaType notFound = get.getResponses().getAPIResponse("404").getContent()
                .getMediaType(ProblemResponses.MEDIA_TYPE);
        assertEquals("#/components/schemas/Problem", notFound.getSchema().getRef());
        assertEquals(Map.of("type", ProblemType.JOB_NOT_FOUND.urn(), "title", "Job not found", "status", 404),
                notFound.getExamples().get("job-not-found").getValue());
    }

    @Test
    void anOperationWithABodyAlsoAnswersTheProblemsOfABody() {
        OpenAPI document = jobOperations();

        new OpenApiFromCode().filterOpenAPI(document);

        Operation submit = document.getPaths().getPathItem(JobResource.PATH).getPOST();
        assertEquals(Set.of("invalid-board", "invalid-idempotency-key", "invalid-max-seconds", "invalid-mode",
                "invalid-ratio", "invalid-wait", "malformed-request"),
                examples(submit, 400));
        assertEquals(Set.of("idempotency-key-reused"), examples(submit, 422));
        assertEquals(Set.of("request-entity-too-large"), examples(submit, 413));
        assertEquals(Set.of("unsupported-media-type"), examples(submit, 415));
        Operation events = document.getPaths().getPathItem(JobEventResource.PATH).getGET();
        assertEquals(Set.of("job-not-found"), examples(events, 404));
        Operation cancel = document.getPaths().getPathItem(JOB).getDELETE();
        assertEquals(Set.of("job-finished"), examples(cancel, 409));
        assertTrue(cancel.getResponses().getAPIResponse("413") == null, "no body, no 413");
        Operation batch = document.getPaths().getPathItem(JobBatchResource.PATH).getPOST();
        assertEquals(Set.of("batch-too-large", "invalid-idempotency-key", "malformed-request"), examples(batch, 400));
        assertEquals(Set.of("idempotency-key-reused"), examples(batch, 422));
    }

    @Test
    void anOperationMissingFromTheDocumentFailsTheFilterInsteadOfGoingUndocumented() {
        OpenAPI document = jobOperations();
        document.getPaths().removePathItem(JOB);

        IllegalStateException missing = assertThrows(IllegalStateException.class,
                () -> new OpenApiFromCode().filterOpenAPI(document));

        assertTrue(missing.getMessage().contains(JOB), missing.getMessage());
    }

    @Test
    void aModeIsDocumentedByTheLabelItTravelsAs() {
        OpenAPI document = jobOperations().components(OASFactory.createComponents().addSchema("Mode",
                OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .enumeration(List.of("OPTIMAL", "BOUNDED", "FAST"))));

        new OpenApiFromCode().filterOpenAPI(document);

        assertEquals(List.of("optimal", "bounded", "fast"),
                document.getComponents().getSchemas().get("Mode").getEnumeration());
    }

    /** The job operations as SmallRye documents them before the filter: each with its success response only. */
    private static OpenAPI jobOperations() {
        PathItem jobs = OASFactory.createPathItem().POST(operation(true));
        PathItem job = OASFactory.createPathItem().GET(operation(false)).DELETE(operation(false));
        PathItem batch = OASFactory.createPathItem().POST(operation(true));
        PathItem events = OASFactory.createPathItem().GET(operation(false));
        PathItem queue = OASFactory.createPathItem().GET(operation(false));
        return OASFactory.createOpenAPI().paths(OASFactory.createPaths().addPathItem(JobResource.PATH, jobs)
                .addPathItem(JOB, job).addPathItem(JobBatchResource.PATH, batch)
                .addPathItem(JobEventResource.PATH, events).addPathItem(QueueResource.PATH, queue));
    }

    private static Operation operation(boolean withBody) {
        Operation operation = OASFactory.createOperation().responses(OASFactory.createAPIResponses()
                .addAPIResponse("200", OASFactory.createAPIResponse().description("OK")));
        return withBody ? operation.requestBody(OASFactory.createRequestBody()) : operation;
    }

    private static Set<String> examples(Operation operation, int status) {
        APIResponse response = operation.getResponses().getAPIResponse(Integer.toString(status));
        return new TreeSet<>(response.getContent().getMediaType(ProblemResponses.MEDIA_TYPE).getExamples().keySet());
    }
}
