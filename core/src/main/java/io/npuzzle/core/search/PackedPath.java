package io.npuzzle.core.search;

import io.npuzzle.core.board.Move;

/**
 * A path of blank moves from the start packed two bits a move into a long, the first move lowest, as subtree
 * roots are listed and shared: up to 32 moves.
 */
final class PackedPath {

    private PackedPath() {
    }

    /** The moves, letters u, d, l, r. */
    static long pack(String moves) {
        long packed = 0;
        for (int i = 0; i < moves.length(); i++) {
            packed |= (long) Move.ofLetter(moves.charAt(i)).ordinal() << (2 * i);
        }
        return packed;
    }

    static String unpack(long packed, int length) {
        char[] moves = new char[length];
        for (int i = 0; i < length; i++) {
            moves[i] = Move.all()[(int) (packed >>> (2 * i)) & 3].letter();
        }
        return new String(moves);
    }

    /** The bits of a packed path's first {@code moves} moves: the path of its ancestor that deep. */
    static long prefixMask(int moves) {
        return moves >= Long.SIZE / 2 ? -1L : (1L << (2 * moves)) - 1;
    }
}
