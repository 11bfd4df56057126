package io.npuzzle.api.rest;

import io.npuzzle.api.problem.ProblemResponses;
import io.npuzzle.protocol.ProblemType;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rules of a REST request besides its body's schema ({@link StrictJson}), checked once the request has found
 * its operation and before its body is read: each query parameter is given at most once and with a value
 * ({@code ?wait=} and {@code ?wait=1&wait=2} are refused, not read as no wait or the first one); a body is sent
 * as {@code application/json}, also where the Content-Type is left out; and a body is sent as it is, without a
 * {@code Content-Encoding} other than {@code identity}: compressed bodies are refused with a 415, not read as
 * broken JSON.
 */
public class StrictRequests {

    private static final String IDENTITY = "identity";
    private static final int MAX_NAME_ECHO = 40;

    @ServerRequestFilter
    public Response check(UriInfo uri, HttpHeaders headers, HttpServerRequest request) {
        for (Map.Entry<String, List<String>> parameter : queryParameters(uri).entrySet()) {
            String name = bounded(parameter.getKey());
            if (parameter.getValue().size() > 1) {
                return refuse(ProblemType.MALFORMED_REQUEST, "query parameter '" + name + "' is given "
                        + parameter.getValue().size() + " times: give it once", request);
            }
            if (parameter.getValue().get(0) == null || parameter.getValue().get(0).isEmpty()) {
                return refuse(ProblemType.MALFORMED_REQUEST, "query parameter '" + name + "' has no value: give"
                        + " one or leave the parameter out", request);
            }
        }
        if (!HttpMethod.POST.equals(request.method().name())) {
            return null;
        }
        MediaType type = headers.getMediaType();
        if (type == null || !type.isCompatible(MediaType.APPLICATION_JSON_TYPE) || type.isWildcardType()
                || type.isWildcardSubtype()) {
            return refuse(ProblemType.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json, with that"
                    + " Content-Type", request);
        }
        List<String> encodings = headers.getRequestHeader(HttpHeaders.CONTENT_ENCODING);
        if (encodings != null && encodings.stream().flatMap(value -> List.of(value.split(",")).stream())
                .map(value -> value.strip().toLowerCase(Locale.ROOT))
                .anyMatch(value -> !value.isEmpty() && !value.equals(IDENTITY))) {
            return refuse(ProblemType.UNSUPPORTED_MEDIA_TYPE, "send the body uncompressed: this service takes no"
                    + " Content-Encoding but identity", request);
        }
        return null;
    }

    private static MultivaluedMap<String, String> queryParameters(UriInfo uri) {
        return uri.getQueryParameters(true);
    }

    private static Response refuse(ProblemType type, String detail, HttpServerRequest request) {
        return ProblemResponses.of(type.problem(detail).at(request.path()));
    }

    private static String bounded(String text) {
        return text.length() <= MAX_NAME_ECHO ? text : text.substring(0, MAX_NAME_ECHO) + "...";
    }
}
