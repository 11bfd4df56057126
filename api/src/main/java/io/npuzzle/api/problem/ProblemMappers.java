package io.npuzzle.api.problem;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.npuzzle.core.board.BoardFormatException;
import io.npuzzle.protocol.ProblemType;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns every failure of a REST call into an RFC 9457 problem. Details name the defect without echoing
 * unbounded input, and never carry a stack trace.
 */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    private static final int MAX_FIELD_ECHO = 40;
    /** How Jackson names a field given twice (JsonParser.Feature.STRICT_DUPLICATE_DETECTION), in its message only. */
    private static final Pattern DUPLICATE_FIELD = Pattern.compile("^Duplicate field '(.*)'$", Pattern.DOTALL);

    @ServerExceptionMapper
    public Response problem(ProblemException e, HttpServerRequest request) {
        return ProblemResponses.of(e.problem().at(request.path()));
    }

    @ServerExceptionMapper
    public Response invalidBoard(BoardFormatException e, HttpServerRequest request) {
        return ProblemResponses.of(ProblemType.INVALID_BOARD.problem(e.getMessage()).at(request.path()));
    }

    @ServerExceptionMapper
    public Response httpError(WebApplicationException e, HttpServerRequest request) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadableJson(json, request);
        }
        int status = e.getResponse().getStatus();
        return ProblemResponses.forStatus(status, statusDetail(status, request), request.path());
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, HttpServerRequest request) {
        return ProblemResponses.of(ProblemType.MALFORMED_REQUEST.problem(jsonDetail(e)).at(request.path()));
    }

    /** Declared apart because Quarkus maps this subtype with a built-in mapper of its own otherwise. */
    @ServerExceptionMapper
    public Response wrongJsonType(MismatchedInputException e, HttpServerRequest request) {
        return unreadableJson(e, request);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, HttpServerRequest request) {
        LOG.errorf(e, "unexpected failure of %s %s", request.method(), bounded(request.path()));
        return ProblemResponses.of(
                ProblemType.INTERNAL_ERROR.problem("an unexpected error occurred").at(request.path()));
    }

    private static String statusDetail(int status, HttpServerRequest request) {
        return switch (ProblemType.forStatus(status)) {
            case NOT_FOUND -> "no such resource";
            case METHOD_NOT_ALLOWED -> "method " + request.method() + " is not allowed here";
            case NOT_ACCEPTABLE -> "this resource only produces application/json";
            case BODY_TOO_LARGE -> "the request body is too large";
            case UNSUPPORTED_MEDIA_TYPE -> "send the body as application/json";
            default -> Response.Status.Family.familyOf(status) == Response.Status.Family.CLIENT_ERROR
                    ? "the request cannot be served" : "the service failed to answer";
        };
    }

    /**
     * What is wrong with a body Jackson could not read, naming the field where there is one: a field the schema does
     * not know, a field given twice, a value of the wrong type or form, or JSON that is not valid.
     */
    public static String jsonDetail(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            String known = unknown.getKnownPropertyIds() == null ? "" : unknown.getKnownPropertyIds().stream()
                    .map(Objects::toString).sorted().collect(Collectors.joining(", ", " (known fields: ", ")"));
            return "unknown field '" + path(unknown) + "'" + known;
        }
        Matcher duplicate = DUPLICATE_FIELD.matcher(Objects.toString(e.getOriginalMessage(), ""));
        if (duplicate.matches()) {
            return "field '" + bounded(duplicate.group(1)) + "' is given more than once";
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return "field '" + path(mapping) + "' has the wrong type or form";
        }
        if (e instanceof MismatchedInputException mismatch) {
            return wholeBodyDetail(mismatch);
        }
        JsonLocation at = e.getLocation();
        return at == null ? "the request body is not valid JSON"
                : "the request body is not valid JSON (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? bounded(ref.getFieldName()) : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."));
    }

    /** A body that is valid JSON but not one object: another kind of value, or more after the object. */
    private static String wholeBodyDetail(MismatchedInputException e) {
        // Jackson names the trailing case only in its message (DeserializationFeature.FAIL_ON_TRAILING_TOKENS).
        if (e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Trailing token")) {
            return "the request body has more after its JSON object: send one object and nothing else";
        }
        return "the request body must be a JSON object ({...}), not another JSON value";
    }

    private static String bounded(String text) {
        return text.length() <= MAX_FIELD_ECHO ? text : text.substring(0, MAX_FIELD_ECHO) + "...";
    }
}
