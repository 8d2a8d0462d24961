//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with dual variables,
//! O(n³)), as the Swiss pairing needs: the best pairing is the perfect matching of least total
//! cost, and a score group's odd player can float anywhere.
//!
//! The structure follows Galil's "Efficient algorithms for finding maximum matching in graphs"
//! (1986): vertices are labelled S (1) or T (2) while alternating trees grow from every free
//! vertex; a slack-zero edge grows a tree, closes a blossom, or finds an augmenting path; when
//! none is tight, the dual variables move by the smallest of the four deltas. Integer weights
//! keep every quantity exact.

/// No vertex, edge end or label.
const NO: isize = -1;

/// The maximum-weight matching of the graph on `vertices` vertices with `edges` `(i, j, weight)`;
/// with `max_cardinality`, the heaviest among the matchings of greatest size. Returns each
/// vertex's mate.
pub fn max_weight_matching(
    vertices: usize,
    edges: &[(usize, usize, i64)],
    max_cardinality: bool,
) -> Vec<Option<usize>> {
    if edges.is_empty() {
        return vec![None; vertices];
    }
    let mut m = Matcher::new(vertices, edges);
    m.solve(max_cardinality);
    (0..vertices)
        .map(|v| {
            let p = m.mate[v];
            (p >= 0).then(|| m.endpoint[p as usize] as usize)
        })
        .collect()
}

/// The heaviest perfect matching of a dense graph, found on a sparse part of it and proved for
/// the whole: each vertex keeps its `keep` heaviest edges; the matching of that part is optimal
/// for the whole graph when no edge left out has a negative slack under the dual solution
/// (LP duality for the perfect-matching polytope); edges that do are added (each vertex its
/// `keep` most violated) and the part solved again. `None` when the graph has no perfect matching.
pub fn max_weight_perfect_matching(
    vertices: usize,
    edges: &[(usize, usize, i64)],
    keep: usize,
) -> Option<Vec<usize>> {
    let mut by_vertex: Vec<Vec<usize>> = vec![Vec::new(); vertices];
    for (k, &(i, j, _)) in edges.iter().enumerate() {
        by_vertex[i].push(k);
        by_vertex[j].push(k);
    }
    let mut chosen = vec![false; edges.len()];
    for list in &mut by_vertex {
        list.sort_by_key(|&k| std::cmp::Reverse(edges[k].2));
        for &k in list.iter().take(keep) {
            chosen[k] = true;
        }
    }
    loop {
        let part: Vec<(usize, usize, i64)> = edges
            .iter()
            .zip(&chosen)
            .filter(|(_, &c)| c)
            .map(|(e, _)| *e)
            .collect();
        let mut m = Matcher::new(vertices, &part);
        m.solve(true);
        let mate: Vec<Option<usize>> = (0..vertices)
            .map(|v| {
                let p = m.mate[v];
                (p >= 0).then(|| m.endpoint[p as usize] as usize)
            })
            .collect();
        let perfect = mate.iter().all(Option::is_some);
        // Each vertex brings in at most `keep` of its most violated edges a time, so the part
        // stays sparse while the duals settle.
        let mut violated: Vec<Vec<(i64, usize)>> = vec![Vec::new(); vertices];
        for (k, &(i, j, w)) in edges.iter().enumerate() {
            if !chosen[k] {
                let slack = m.lp_slack(i, j, 2 * w);
                if slack < 0 {
                    violated[i].push((slack, k));
                    violated[j].push((slack, k));
                }
            }
        }
        let mut added = false;
        for list in &mut violated {
            list.sort_unstable();
            for &(_, k) in list.iter().take(keep.max(1)) {
                added |= !chosen[k];
                chosen[k] = true;
            }
        }
        if !added && perfect {
            return Some(mate.into_iter().map(|m| m.unwrap_or(0)).collect());
        }
        if !added {
            // Not perfect on the part: try the whole graph once.
            if chosen.iter().all(|&c| c) {
                return None;
            }
            chosen.iter_mut().for_each(|c| *c = true);
        }
    }
}

struct Matcher {
    n: usize,
    edges: Vec<(usize, usize, i64)>,
    endpoint: Vec<isize>,
    neighbend: Vec<Vec<isize>>,
    mate: Vec<isize>,
    label: Vec<u8>,
    labelend: Vec<isize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<isize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<isize>,
    blossomendps: Vec<Vec<isize>>,
    bestedge: Vec<isize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i64>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl Matcher {
    fn new(vertices: usize, edges: &[(usize, usize, i64)]) -> Matcher {
        let n = edges
            .iter()
            .map(|&(i, j, _)| i.max(j) + 1)
            .max()
            .unwrap_or(0)
            .max(vertices);
        // Doubled weights keep every dual and every half slack an integer.
        let edges: Vec<(usize, usize, i64)> =
            edges.iter().map(|&(i, j, w)| (i, j, 2 * w)).collect();
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let endpoint: Vec<isize> = (0..2 * edges.len())
            .map(|p| {
                let e = edges[p / 2];
                (if p % 2 == 0 { e.0 } else { e.1 }) as isize
            })
            .collect();
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbend[i].push(2 * k as isize + 1);
            neighbend[j].push(2 * k as isize);
        }
        let mut blossombase: Vec<isize> = (0..n as isize).collect();
        blossombase.extend(std::iter::repeat_n(NO, n));
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        Matcher {
            n,
            endpoint,
            neighbend,
            mate: vec![NO; n],
            label: vec![0; 2 * n],
            labelend: vec![NO; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NO; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NO; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
            edges,
        }
    }

    /// Twice the slack of the dual constraint of an edge (i, j) of internal weight `w`,
    /// counting the duals of the blossoms holding both ends; never negative for an edge the
    /// algorithm saw.
    fn lp_slack(&self, i: usize, j: usize, w: i64) -> i64 {
        let chain = |v: usize| {
            let mut out = Vec::new();
            let mut b = self.blossomparent[v];
            while b != NO {
                out.push(b as usize);
                b = self.blossomparent[b as usize];
            }
            out
        };
        let (ci, cj) = (chain(i), chain(j));
        let shared: i64 = ci
            .iter()
            .filter(|b| cj.contains(b))
            .map(|&b| self.dualvar[b])
            .sum();
        self.dualvar[i] + self.dualvar[j] + 2 * shared - 2 * w
    }

    fn slack(&self, k: usize) -> i64 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn ep(&self, p: isize) -> usize {
        self.endpoint[p as usize] as usize
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev().copied());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: isize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NO;
        self.bestedge[b] = NO;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b] as usize;
            let mb = self.mate[base];
            self.assign_label(self.ep(mb), 1, mb ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: isize, mut w: isize) -> isize {
        let mut path = Vec::new();
        let mut base = NO;
        while v != NO || w != NO {
            let mut b = self.inblossom[v as usize];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NO {
                v = NO;
            } else {
                v = self.endpoint[self.labelend[b] as usize];
                b = self.inblossom[v as usize];
                v = self.endpoint[self.labelend[b] as usize];
            }
            if w != NO {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base as isize;
        self.blossomparent[b] = NO;
        self.blossomparent[bb] = b as isize;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b as isize;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.ep(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k as isize);
        while bw != bb {
            self.blossomparent[bw] = b as isize;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.ep(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NO; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(bv)
                    .into_iter()
                    .map(|v| {
                        self.neighbend[v]
                            .iter()
                            .map(|&p| (p / 2) as usize)
                            .collect()
                    })
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NO
                            || self.slack(k) < self.slack(bestedgeto[bj] as usize))
                    {
                        bestedgeto[bj] = k as isize;
                    }
                }
            }
            self.bestedge[bv] = NO;
        }
        let best: Vec<usize> = bestedgeto
            .into_iter()
            .filter(|&k| k != NO)
            .map(|k| k as usize)
            .collect();
        self.bestedge[b] = NO;
        for &k in &best {
            if self.bestedge[b] == NO || self.slack(k) < self.slack(self.bestedge[b] as usize) {
                self.bestedge[b] = k as isize;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NO;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.ep(self.labelend[b] ^ 1)];
            let len = childs.len() as isize;
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick) = if j & 1 != 0 {
                j -= len;
                (1isize, 0isize)
            } else {
                (-1, 1)
            };
            let at = |j: isize| ((j % len + len) % len) as usize;
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.ep(p ^ 1);
                self.label[q] = 0;
                let r = self.ep(endps[at(j - endptrick)] ^ endptrick ^ 1);
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[(endps[at(j - endptrick)] / 2) as usize] = true;
                j += jstep;
                p = endps[at(j - endptrick)] ^ endptrick;
                self.allowedge[(p / 2) as usize] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let q = self.ep(p ^ 1);
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NO;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let labelled = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let base = self.blossombase[bv] as usize;
                    let mb = self.ep(self.mate[base]);
                    self.label[mb] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NO;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NO;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NO;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b as isize {
            t = self.blossomparent[t] as usize;
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0) as isize;
        let mut j = i;
        let (jstep, endptrick) = if i & 1 != 0 {
            j -= len;
            (1isize, 0isize)
        } else {
            (-1, 1)
        };
        let at = |j: isize| ((j % len + len) % len) as usize;
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.ep(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.ep(p ^ 1));
            }
            let (a, c) = (self.ep(p), self.ep(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        self.blossomchilds[b].rotate_left(i as usize);
        self.blossomendps[b].rotate_left(i as usize);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k as isize + 1), (w, 2 * k as isize)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NO {
                    break;
                }
                let t = self.ep(self.labelend[bs]);
                let bt = self.inblossom[t];
                s = self.ep(self.labelend[bt]);
                let j = self.ep(self.labelend[bt] ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self, max_cardinality: bool) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NO);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NO && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NO);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = (p / 2) as usize;
                        let w = self.ep(p);
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v as isize, w as isize);
                                if base >= 0 {
                                    self.add_blossom(base as usize, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NO
                                || kslack < self.slack(self.bestedge[b] as usize)
                            {
                                self.bestedge[b] = k as isize;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NO
                                || kslack < self.slack(self.bestedge[w] as usize))
                        {
                            self.bestedge[w] = k as isize;
                        }
                    }
                }
                if augmented {
                    break;
                }
                let mut deltatype = 0u8;
                let mut delta = 0i64;
                let mut deltaedge = 0usize;
                let mut deltablossom = 0usize;
                if !max_cardinality {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NO {
                        let d = self.slack(self.bestedge[v] as usize);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v] as usize;
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NO && self.label[b] == 1 && self.bestedge[b] != NO {
                        let d = self.slack(self.bestedge[b] as usize) / 2;
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b] as usize;
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0
                        && self.blossomparent[b] == NO
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0).max(0);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] >= 0 && self.blossomparent[b] == NO {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NO
                    && self.blossombase[b] >= 0
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The heaviest matching by trying every matching.
    fn brute(n: usize, edges: &[(usize, usize, i64)], max_card: bool) -> (usize, i64) {
        fn go(
            v: usize,
            used: &mut Vec<bool>,
            n: usize,
            w: &[Vec<Option<i64>>],
            max_card: bool,
        ) -> (usize, i64) {
            if v == n {
                return (0, 0);
            }
            if used[v] {
                return go(v + 1, used, n, w, max_card);
            }
            let mut best = go(v + 1, used, n, w, max_card);
            used[v] = true;
            for u in v + 1..n {
                if let (false, Some(x)) = (used[u], w[v][u]) {
                    used[u] = true;
                    let (c, s) = go(v + 1, used, n, w, max_card);
                    let cand = (c + 1, s + x);
                    let better = if max_card {
                        cand > best
                    } else {
                        cand.1 > best.1
                    };
                    if better {
                        best = cand;
                    }
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        let mut w = vec![vec![None; n]; n];
        for &(i, j, x) in edges {
            w[i][j] = Some(x);
            w[j][i] = Some(x);
        }
        go(0, &mut vec![false; n], n, &w, max_card)
    }

    fn value(mate: &[Option<usize>], edges: &[(usize, usize, i64)]) -> (usize, i64) {
        let mut count = 0;
        let mut sum = 0;
        for &(i, j, w) in edges {
            if mate[i] == Some(j) {
                assert_eq!(mate[j], Some(i));
                count += 1;
                sum += w;
            }
        }
        (count, sum)
    }

    #[test]
    fn small_known_graphs() {
        assert_eq!(
            max_weight_matching(2, &[(0, 1, 1)], false),
            vec![Some(1), Some(0)]
        );
        // A path 0-1-2-3: the middle edge alone is heavier than the ends unless cardinality wins.
        let path = [(0, 1, 5), (1, 2, 11), (2, 3, 5)];
        assert_eq!(value(&max_weight_matching(4, &path, false), &path), (1, 11));
        assert_eq!(value(&max_weight_matching(4, &path, true), &path), (2, 10));
        // A blossom (triangle) with a stem, which needs the odd cycle shrunk.
        let blossom = [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)];
        assert_eq!(
            value(&max_weight_matching(4, &blossom, false), &blossom),
            (2, 15)
        );
    }

    /// Perfect matchings found on a sparse part (one or two edges a vertex) and priced against
    /// the whole graph equal the exhaustive optimum.
    #[test]
    fn sparse_part_priced_against_the_whole() {
        let mut state = 0x1234_5678_9abc_def1u64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for case in 0..300 {
            let n = 2 * (1 + next(5) as usize);
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next(4) > 0 {
                        edges.push((i, j, next(50) as i64 + 1));
                    }
                }
            }
            let want = brute(n, &edges, true);
            for keep in [1, 2, n] {
                let got = max_weight_perfect_matching(n, &edges, keep);
                if want.0 * 2 < n {
                    assert!(got.is_none(), "case {case}: no perfect matching exists");
                    continue;
                }
                let mate: Vec<Option<usize>> =
                    got.expect("perfect").into_iter().map(Some).collect();
                assert_eq!(
                    value(&mate, &edges),
                    want,
                    "case {case}, keep {keep}: {edges:?}"
                );
            }
        }
    }

    /// Random graphs of up to 10 vertices against trying every matching.
    #[test]
    fn random_graphs_against_brute_force() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for case in 0..400 {
            let n = 2 + next(9) as usize;
            let mut edges = Vec::new();
            for i in 0..n {
                for j in i + 1..n {
                    if next(3) > 0 {
                        edges.push((i, j, next(20) as i64 + 1));
                    }
                }
            }
            for max_card in [false, true] {
                let (got, want) = (
                    value(&max_weight_matching(n, &edges, max_card), &edges),
                    brute(n, &edges, max_card),
                );
                // Without max_cardinality only the weight is determined.
                let (got, want) = if max_card {
                    (got, want)
                } else {
                    ((0, got.1), (0, want.1))
                };
                assert_eq!(
                    got, want,
                    "case {case}, {n} vertices, {edges:?}, max_cardinality {max_card}"
                );
            }
        }
    }
}
