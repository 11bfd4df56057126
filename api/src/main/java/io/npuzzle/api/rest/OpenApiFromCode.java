package io.npuzzle.api.rest;

import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.core.model.Mode;
import io.npuzzle.protocol.ProblemType;
import jakarta.ws.rs.HttpMethod;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Completes the OpenAPI document from the code, so that it cannot drift from it. Registered with
 * {@code mp.openapi.filter}.
 * <ul>
 *   <li>The problem responses of each job operation, from the catalogue: those its {@link Problems} name, those of
 *       a request body (malformed, too large, not JSON) when it takes one, and those of every API operation
 *       (request target or headers too large, unauthorized, rate limited, internal error). One
 *       {@code application/problem+json} response per status, with its problem types as examples.</li>
 *   <li>A {@link Mode} as it travels: its label ({@code optimal}, {@code bounded}, {@code fast}), not its
 *       constant's name.</li>
 *   <li>The fields of the protocol's records that are null in some answers (it is plain Java, without schema
 *       annotations): a job's ratio, owner and trace id; a RUNNING job's progress; a finished job's time, result and
 *       error; an unsolvable board's moves and length; the bound of an answer that proves none; the task counts of a
 *       search on one worker; the databases a search waits for, and how far the one being built is.</li>
 *   <li>The bearer security scheme, which every job operation accepts but does not require: API keys are off
 *       unless the service is configured with some.</li>
 * </ul>
 */
public class OpenApiFromCode implements OASFilter {

    /** The resources whose operations declare their {@link Problems}. */
    static final List<Class<?>> RESOURCES = List.of(JobResource.class, JobBatchResource.class,
            JobEventResource.class, QueueResource.class);
    /** A 401 comes only when API keys are on; documented all the same, as clients may meet it. */
    static final Set<ProblemType> OF_EVERY_OPERATION = EnumSet.of(ProblemType.URI_TOO_LONG,
            ProblemType.HEADERS_TOO_LARGE, ProblemType.UNAUTHORIZED, ProblemType.RATE_LIMITED,
            ProblemType.INTERNAL_ERROR);
    static final Set<ProblemType> OF_A_BODY = EnumSet.of(ProblemType.MALFORMED_REQUEST, ProblemType.BODY_TOO_LARGE,
            ProblemType.UNSUPPORTED_MEDIA_TYPE);
    private static final String PROBLEM_SCHEMA = "Problem";
    private static final String MODE_SCHEMA = "Mode";
    static final String BEARER_SCHEME = "bearer";
    static final Map<String, List<String>> NULLABLE_FIELDS = Map.of(
            "Job", List.of("ratio", "maxSeconds", "finishedAt", "result", "error", "owner", "progress",
                    "traceId"),
            "JobResult", List.of("moves", "length", "bound", "lowerBound"),
            "JobProgress", List.of("tasksDone", "tasks", "workers", "databases", "lowerBound", "bestLength"),
            "DatabaseProgress", List.of("building"));

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        modesAsTheirLabels(openAPI);
        nullableFields(openAPI);
        declareBearerScheme(openAPI);
        for (Class<?> resource : RESOURCES) {
            for (Method method : resource.getDeclaredMethods()) {
                Problems declared = method.getAnnotation(Problems.class);
                if (declared != null) {
                    Operation operation = operation(openAPI, resource, method);
                    document(operation, declared);
                    // Anonymous or with a key: the empty requirement keeps keys optional, as they are by default.
                    operation.setSecurity(List.of(OASFactory.createSecurityRequirement(),
                            OASFactory.createSecurityRequirement().addScheme(BEARER_SCHEME)));
                }
            }
        }
    }

    private static void nullableFields(OpenAPI openAPI) {
        Map<String, Schema> schemas = openAPI.getComponents() == null ? null : openAPI.getComponents().getSchemas();
        if (schemas == null) {
            return;
        }
        NULLABLE_FIELDS.forEach((name, fields) -> {
            Schema record = schemas.get(name);
            Map<String, Schema> properties = record == null ? null : record.getProperties();
            for (String field : properties == null ? List.<String>of() : fields) {
                Schema property = properties.get(field);
                if (property == null) {
                    continue;
                }
                if (property.getRef() != null) {
                    record.addProperty(field, OASFactory.createSchema().anyOf(List.of(property,
                            OASFactory.createSchema().addType(Schema.SchemaType.NULL))));
                } else {
                    property.addType(Schema.SchemaType.NULL);
                }
            }
        });
    }

    private static void declareBearerScheme(OpenAPI openAPI) {
        if (openAPI.getComponents() == null) {
            openAPI.setComponents(OASFactory.createComponents());
        }
        openAPI.getComponents().addSecurityScheme(BEARER_SCHEME, OASFactory.createSecurityScheme()
                .type(SecurityScheme.Type.HTTP).scheme("bearer")
                .description("An API key sent as 'Authorization: Bearer <key>', where the service is configured"
                        + " with keys; without keys (the default) requests need none."));
    }

    private static void modesAsTheirLabels(OpenAPI openAPI) {
        Schema mode = openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null ? null
                : openAPI.getComponents().getSchemas().get(MODE_SCHEMA);
        if (mode != null) {
            mode.setEnumeration(Arrays.stream(Mode.values()).<Object>map(Mode::label).toList());
        }
    }

    private static void document(Operation operation, Problems declared) {
        Set<ProblemType> types = EnumSet.copyOf(List.of(declared.value()));
        types.addAll(OF_EVERY_OPERATION);
        if (operation.getRequestBody() != null) {
            types.addAll(OF_A_BODY);
        }
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        Map<Integer, List<ProblemType>> byStatus = types.stream()
                .collect(Collectors.groupingBy(ProblemType::status, TreeMap::new, Collectors.toList()));
        byStatus.forEach((status, ofStatus) -> operation.getResponses()
                .addAPIResponse(Integer.toString(status), response(ofStatus)));
    }

    private static APIResponse response(List<ProblemType> types) {
        MediaType problem = OASFactory.createMediaType()
                .schema(OASFactory.createSchema().ref(PROBLEM_SCHEMA));
        for (ProblemType type : types) {
            Map<String, Object> example = new LinkedHashMap<>();
            example.put("type", type.urn());
            example.put("title", type.title());
            example.put("status", type.status());
            problem.addExample(type.urn().substring(ProblemType.URN_PREFIX.length()),
                    OASFactory.createExample().summary(type.title()).value(example));
        }
        return OASFactory.createAPIResponse()
                .description(types.stream().map(ProblemType::title).collect(Collectors.joining("; ")))
                .content(OASFactory.createContent().addMediaType(ProblemResponses.MEDIA_TYPE, problem));
    }

    /** The document's operation of a resource method. */
    private static Operation operation(OpenAPI openAPI, Class<?> resource, Method method) {
        String path = path(resource.getAnnotation(jakarta.ws.rs.Path.class),
                method.getAnnotation(jakarta.ws.rs.Path.class));
        PathItem item = openAPI.getPaths() == null ? null : openAPI.getPaths().getPathItem(path);
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod http = annotation.annotationType().getAnnotation(HttpMethod.class);
            Operation operation = http == null || item == null ? null
                    : item.getOperations().get(PathItem.HttpMethod.valueOf(http.value()));
            if (operation != null) {
                return operation;
            }
        }
        throw new IllegalStateException("the OpenAPI document has no operation for " + resource.getSimpleName()
                + "." + method.getName() + " at " + path);
    }

    private static String path(jakarta.ws.rs.Path base, jakarta.ws.rs.Path sub) {
        String path = base.value().replaceAll("/+$", "");
        return sub == null ? path : path + "/" + sub.value().replaceAll("^/+", "");
    }
}
