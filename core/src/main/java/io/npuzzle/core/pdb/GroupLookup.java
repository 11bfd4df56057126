package io.npuzzle.core.pdb;

/**
 * One pattern of a partition, looked up in a database built for a symmetric image of it: member i is the
 * label whose tile the database ranks i-th, and {@code cellMap} carries board cells into the database's frame.
 * Databases are read through their positional table (an index a move changes by a constant) where one is made
 * ({@link PatternDatabase#readsPositionally()}) and laid out, others through their ranked table. The pattern's
 * distance is its tiles' taxicab distance plus twice the entry.
 *
 * @param index      the pattern's place in its partition
 * @param database   the database answering for the pattern
 * @param table      the database's positional table when {@code positional}, else its packed ranked entries
 * @param positional whether {@code table} is indexed by cells rather than by rank
 * @param members    labels, in the database's order
 * @param cellMap    board cell to database cell
 */
public record GroupLookup(int index, PatternDatabase database, byte[] table, boolean positional, int[] members,
                          int[] cellMap) {

    static GroupLookup of(int index, PatternDatabase database, int[] members, int[] cellMap, LayoutWait wait) {
        byte[] positional = !database.readsPositionally() ? null
                : wait == LayoutWait.AWAIT ? database.positionalTable() : database.positionalTableWithoutWaiting();
        if (positional == null) {
            byte[] ranked = database.rankedTable();
            if (ranked != null) {
                return new GroupLookup(index, database, ranked, false, members, cellMap);
            }
            positional = database.positionalTable(); // laid out since, and the ranked one let go
        }
        return new GroupLookup(index, database, positional, true, members, cellMap);
    }

    /** Whether this pattern is read ranked only until its database's positional table is laid out. */
    boolean awaitsLayout() {
        return !positional && database.readsPositionally();
    }

    /** What a label's database cell is multiplied by in a positional index: n^(k-1-i) for member i. */
    public int weightOf(int label) {
        int weight = 1;
        for (int i = members.length - 1; i >= 0; i--) {
            if (members[i] == label) {
                return weight;
            }
            weight *= cellMap.length;
        }
        throw new IllegalArgumentException("label " + label + " is not in this pattern");
    }

    /** The table index of a state, given each label's cell: positional index or rank. */
    public int indexOf(int[] positionOf) {
        return positional ? positionalIndex(positionOf) : Pattern.rank(cellMap.length, members, cellMap, positionOf);
    }

    private int positionalIndex(int[] positionOf) {
        int index = 0;
        for (int label : members) {
            index = index * cellMap.length + cellMap[positionOf[label]];
        }
        return index;
    }

    /** Half the pattern's distance beyond its tiles' taxicab distances, given each label's cell. */
    public int entry(int[] positionOf) {
        return PatternDatabase.entryAt(table, indexOf(positionOf));
    }

    /** The pattern's distance, given each label's cell. */
    public int value(int[] positionOf) {
        int[] goals = database.pattern().cells();
        int manhattan = 0;
        for (int i = 0; i < members.length; i++) {
            manhattan += database.pattern().shape().distance(cellMap[positionOf[members[i]]], goals[i]);
        }
        return manhattan + 2 * entry(positionOf);
    }
}
