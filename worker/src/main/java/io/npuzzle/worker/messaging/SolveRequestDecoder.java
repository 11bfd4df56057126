package io.npuzzle.worker.messaging;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.npuzzle.protocol.JobIds;
import io.npuzzle.protocol.SolveRequest;
import io.npuzzle.runtime.json.JsonCodec;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Reads a solve request from a record's text. Anything that is not one is a {@link PoisonRecordException} whose
 * reason names the defect without echoing the record. A request is read in one pass; only a record that is not
 * one is read again, as a tree, to find the job it names.
 */
@ApplicationScoped
public class SolveRequestDecoder {

    private final JsonCodec json;

    SolveRequestDecoder(JsonCodec json) {
        this.json = json;
    }

    public SolveRequest decode(String text) {
        if (text == null) {
            throw new PoisonRecordException("empty record");
        }
        SolveRequest request;
        try {
            request = json.decode(text, SolveRequest.class);
        } catch (JsonParseException e) {
            throw new PoisonRecordException("not JSON (line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ")");
        } catch (JsonProcessingException | IllegalArgumentException e) {
            // An unknown mode, or a ratio out of range or without bounded mode, lands here too: both are typed.
            String jobId = jobId(text);
            if (jobId == null) {
                throw new PoisonRecordException("not a solve request: no well-formed jobId");
            }
            throw new PoisonRecordException("not a solve request: a field has the wrong type", jobId);
        }
        if (request == null || !JobIds.isWellFormed(request.jobId())) {
            throw new PoisonRecordException("not a solve request: no well-formed jobId");
        }
        if (request.board() == null) {
            throw new PoisonRecordException("not a solve request: no board", request.jobId());
        }
        return request;
    }

    /** The job id of a record that is JSON but no request, when it names a well-formed one, else null. */
    private String jobId(String text) {
        JsonNode id;
        try {
            JsonNode tree = json.tree(text);
            id = tree == null ? null : tree.get("jobId");
        } catch (JsonProcessingException e) {
            return null;
        }
        return id != null && id.isTextual() && JobIds.isWellFormed(id.textValue()) ? id.textValue() : null;
    }
}
