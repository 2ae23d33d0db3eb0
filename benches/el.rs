fn main() {
    use boardpress::puzzle::*;
    use std::time::Instant;
    let req = ElPuzzleRequest {
        params: Default::default(),
        seed: "bench".into(),
        any_wins: false,
        difficulty: None,
    };
    let t = Instant::now();
    let ps = req.puzzles(20000).unwrap();
    let dt = t.elapsed();
    let mut g = [0; 3];
    for p in &ps {
        g[p.grade as usize] += 1;
    }
    println!("{:?} per puzzle, grades {:?}", dt / 20000, g);
    let mut d = std::collections::BTreeMap::new();
    for p in &ps {
        *d.entry(p.facts.decoys).or_insert(0) += 1;
    }
    println!("{d:?}");
}
