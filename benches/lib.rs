//! The benchmarks of boardpress, timed with divan: puzzles per game, sheets, rulebooks,
//! books and mining. The benches are this package's targets (`cargo bench -p
//! boardpress-benches`); the library holds nothing.
