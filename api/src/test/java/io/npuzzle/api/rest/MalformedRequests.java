package io.npuzzle.api.rest;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Generates requests that the job API must refuse: boards of random tokens, wrong sizes, duplicate or missing
 * tiles, huge and negative numbers, unicode, JSON of the wrong types, truncated JSON, huge bodies, unknown ids,
 * bad waits, wrong methods and media types, and valid requests but for one thing that lenient parsing once took.
 * Every request is invalid by construction, so every answer must be a 4xx problem.
 */
final class MalformedRequests {

    private static final String JOBS = "api/v1/jobs";
    private static final String[] ODD_TEXT = {"", " ", "x", "\u0000", "é", "日本", "\uD83D\uDE00", "\\", "\"", "null",
            "-1", "1e309", "99999999999999999999", "NaN", "<script>", "%s%n", "'; DROP", "\t\n", "０", "٣"};
    private static final int HUGE_BODY = 600 * 1024;

    private final Random random;
    private final URI base;
    private final List<Supplier<HttpRequest>> kinds = List.of(
            this::submitInvalidBoard, this::submitWrongTypes, this::submitTruncated, this::submitNotJson,
            this::batchEnvelope, this::pollUnknown, this::pollBadWait, this::cancelUnknown, this::wrongMethod,
            this::wrongMediaType, this::hugeBody, this::onceLetThrough);

    MalformedRequests(Random random, URI base) {
        this.random = random;
        this.base = base;
    }

    HttpRequest next() {
        return kinds.get(random.nextInt(kinds.size())).get();
    }

    private HttpRequest submitInvalidBoard() {
        List<String> fields = new ArrayList<>();
        fields.add("\"board\":" + quoted(invalidBoard()));
        if (random.nextBoolean()) {
            fields.add("\"rows\":" + number());
        }
        if (random.nextBoolean()) {
            fields.add("\"cols\":" + number());
        }
        if (random.nextInt(3) == 0) {
            fields.add("\"goal\":" + quoted(random.nextBoolean() ? invalidBoard() : oddText()));
        }
        if (random.nextInt(3) == 0) {
            fields.add("\"mode\":" + quoted(random.nextBoolean() ? "fast" : oddText()));
        }
        if (random.nextInt(4) == 0) {
            fields.add(quoted(oddText() + random.nextInt()) + ":" + number());
        }
        Collections.shuffle(fields, random);
        return post(JOBS, "{" + String.join(",", fields) + "}");
    }

    /** A board no parser accepts: random tokens, a tile too many or too few, a duplicate, out-of-range numbers. */
    private String invalidBoard() {
        int side = 2 + random.nextInt(4);
        List<String> tiles = IntStream.range(0, side * side).mapToObj(Integer::toString)
                .collect(Collectors.toCollection(ArrayList::new));
        Collections.shuffle(tiles, random);
        switch (random.nextInt(6)) {
            case 0 -> tiles.remove(tiles.size() - 1);
            case 1 -> tiles.add(Integer.toString(random.nextInt(side * side)));
            case 2 -> tiles.set(0, tiles.get(1));
            case 3 -> tiles.set(random.nextInt(tiles.size()), Long.toString(random.nextLong()));
            case 4 -> tiles.set(random.nextInt(tiles.size()), oddText() + "z");
            default -> {
                tiles.clear();
                for (int i = random.nextInt(80); i >= 0; i--) {
                    tiles.add(oddText() + (char) random.nextInt(0x3000));
                }
                tiles.add("q");
            }
        }
        return String.join(random.nextBoolean() ? " " : ",", tiles);
    }

    private HttpRequest submitWrongTypes() {
        String[] values = {"[1,2,3]", "{}", "true", "12", "-7.5", "null", "[]", "{\"board\":\"1 2 3\"}"};
        String board = values[random.nextInt(values.length)];
        String extra = random.nextBoolean() ? ",\"rows\":" + values[random.nextInt(values.length)] : "";
        return post(JOBS, random.nextInt(5) == 0 ? values[random.nextInt(values.length)]
                : "{\"board\":" + board + extra + "}");
    }

    private HttpRequest submitTruncated() {
        String body = "{\"board\":\"1 2 3 4 5 6 7 0 8\",\"rows\":3,\"cols\":3,\"goal\":\"1 2 3 4 5 6 7 8 0\"}";
        return post(random.nextBoolean() ? JOBS : JOBS + "/batch", body.substring(0, random.nextInt(body.length() - 1)));
    }

    private HttpRequest submitNotJson() {
        StringBuilder body = new StringBuilder();
        for (int i = random.nextInt(200); i >= 0; i--) {
            body.append((char) (1 + random.nextInt(0xD7FF)));
        }
        return post(random.nextBoolean() ? JOBS : JOBS + "/batch", "\u0001" + body);
    }

    /** Batches whose envelope is wrong; a well-formed batch is answered per entry and belongs to other tests. */
    private HttpRequest batchEnvelope() {
        String[] bodies = {"[]", "{}", "{\"jobs\":null}", "{\"jobs\":\"x\"}", "{\"jobs\":{}}", "{\"jobs\":12}",
                "{\"jobs\":[" + "{\"board\":\"1 2 3 4 5 6 7 0 8\"},".repeat(1000) + "{}]}", "null", "\"jobs\"",
                "{\"jobs\":[1,2,3}", "{\"jobs\":[[" };
        return post(JOBS + "/batch", bodies[random.nextInt(bodies.length)]);
    }

    private HttpRequest pollUnknown() {
        String id = switch (random.nextInt(3)) {
            case 0 -> UUID.randomUUID().toString();
            case 1 -> URLEncoder.encode(oddText() + random.nextInt(), StandardCharsets.UTF_8);
            default -> "a".repeat(1 + random.nextInt(2000));
        };
        return HttpRequest.newBuilder(base.resolve(JOBS + "/" + id)).GET().timeout(Duration.ofSeconds(30)).build();
    }

    private HttpRequest pollBadWait() {
        String[] waits = {"-1", "31", "1e3", "abc", "99999999999999999999", "%00", "1.5", "0x10", "%E2%82%AC"};
        return HttpRequest.newBuilder(base.resolve(JOBS + "/" + UUID.randomUUID() + "?wait=" + waits[random.nextInt(
                waits.length)])).GET().timeout(Duration.ofSeconds(30)).build();
    }

    private HttpRequest cancelUnknown() {
        String id = random.nextBoolean() ? UUID.randomUUID().toString() : "x" + random.nextInt();
        return HttpRequest.newBuilder(base.resolve(JOBS + "/" + id)).DELETE().timeout(Duration.ofSeconds(30)).build();
    }

    private HttpRequest wrongMethod() {
        String[] paths = {JOBS, JOBS + "/batch", JOBS + "/" + UUID.randomUUID()};
        String[] methods = {"PUT", "PATCH"};
        String path = paths[random.nextInt(paths.length)];
        String method = path.equals(JOBS) && random.nextBoolean() ? "DELETE" : methods[random.nextInt(methods.length)];
        return HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString("{}")).timeout(Duration.ofSeconds(30)).build();
    }

    private HttpRequest wrongMediaType() {
        String[] types = {"text/plain", "application/xml", "application/x-www-form-urlencoded", "image/png"};
        return HttpRequest.newBuilder(base.resolve(random.nextBoolean() ? JOBS : JOBS + "/batch"))
                .header("Content-Type", types[random.nextInt(types.length)])
                .POST(HttpRequest.BodyPublishers.ofString("board=1 2 3")).timeout(Duration.ofSeconds(30)).build();
    }

    /** A valid submission or poll but for one thing lenient parsing once let through (see StrictInputTest). */
    private HttpRequest onceLetThrough() {
        String valid = "{\"board\":\"1 2 3 4 5 6 7 0 8\"";
        String[] trailing = {"}{\"x\":1}", "} ]]] garbage", "}[]", "} 1", "}}"};
        String[] rows = {"3.9999", "3.0", "\"3\"", "\"٣\"", "\"３\""};
        String[] waits = {"%D9%A3", "%EF%BC%93", "%2B3", "3%20"};
        return switch (random.nextInt(5)) {
            case 0 -> post(JOBS, valid + trailing[random.nextInt(trailing.length)]);
            case 1 -> post(JOBS, valid + ",\"rows\":" + rows[random.nextInt(rows.length)] + "}");
            case 2 -> HttpRequest.newBuilder(base.resolve(JOBS)).header("Content-Type", "application/json")
                    .header("Idempotency-Key", "").POST(HttpRequest.BodyPublishers.ofString(valid + "}"))
                    .timeout(Duration.ofSeconds(30)).build();
            case 3 -> HttpRequest.newBuilder(base.resolve(JOBS + "/" + UUID.randomUUID() + "?wait="
                    + waits[random.nextInt(waits.length)])).GET().timeout(Duration.ofSeconds(30)).build();
            default -> HttpRequest.newBuilder(base.resolve(JOBS + "/" + UUID.randomUUID()))
                    .header("X-Padding", "p".repeat(21 * 1024)).GET().timeout(Duration.ofSeconds(30)).build();
        };
    }

    /** Rarely: building and sending 600 KB bodies thousands of times would only slow the test down. */
    private HttpRequest hugeBody() {
        if (random.nextInt(20) != 0) {
            return submitInvalidBoard();
        }
        return post(random.nextBoolean() ? JOBS : JOBS + "/batch", "{\"board\":\"" + "1 ".repeat(HUGE_BODY / 2) + "\"}");
    }

    private HttpRequest post(String path, String body) {
        return HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).timeout(Duration.ofSeconds(30)).build();
    }

    private String number() {
        String[] numbers = {"-1", "0", "1", "-2147483649", "2147483648", "99999999999999999999999", "1e400", "3.5",
                "-0", "9", "100000", "\"3\"", "\"x\"", "null", "[3]"};
        return numbers[random.nextInt(numbers.length)];
    }

    private String oddText() {
        return ODD_TEXT[random.nextInt(ODD_TEXT.length)];
    }

    private static String quoted(String text) {
        StringBuilder json = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                json.append('\\').append(c);
            } else if (c < 0x20) {
                json.append(String.format("\\u%04x", (int) c));
            } else {
                json.append(c);
            }
        }
        return json.append('"').toString();
    }
}
