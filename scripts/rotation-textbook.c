/* The textbook Rotation Game solver, as taught for HDU 1667 / POJ 2286:
 * IDA* with h = 8 - (count of the most frequent centre symbol), moves tried
 * A..H, never the inverse of the last move. It is the baseline that
 * scripts/bench-rotation.sh measures pdbsolve against, and its answers are
 * compared with pdbsolve's. Reads judge input, writes judge output. */
#include <stdio.h>

static const int line[8][7] = {
	{0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},    {19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10},
};
static const int inverse[8] = {5, 4, 7, 6, 1, 0, 3, 2};
static const int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
static int board[24];
static char path[64];

static int h(void) {
	int n[4] = {0, 0, 0, 0}, best = 0;
	for (int i = 0; i < 8; i++) n[board[centre[i]]]++;
	for (int s = 1; s <= 3; s++) if (n[s] > best) best = n[s];
	return 8 - best;
}

static void move(int m) {
	int head = board[line[m][0]];
	for (int i = 0; i < 6; i++) board[line[m][i]] = board[line[m][i + 1]];
	board[line[m][6]] = head;
}

static int dfs(int g, int bound, int last) {
	int e = h();
	if (e == 0) return 1;
	if (g + e > bound) return 0;
	for (int m = 0; m < 8; m++) {
		if (last >= 0 && m == inverse[last]) continue;
		move(m);
		path[g] = 'A' + m;
		if (dfs(g + 1, bound, m)) return 1;
		move(inverse[m]);
	}
	return 0;
}

int main(void) {
	for (;;) {
		if (scanf("%d", &board[0]) != 1 || board[0] == 0) break;
		for (int i = 1; i < 24; i++) if (scanf("%d", &board[i]) != 1) return 1;
		int bound = h();
		if (bound == 0) {
			printf("No moves needed\n%d\n", board[centre[0]]);
			continue;
		}
		while (!dfs(0, bound, -1)) bound++;
		path[bound] = 0;
		printf("%s\n%d\n", path, board[centre[0]]);
	}
	return 0;
}
