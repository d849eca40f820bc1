use shaped::shape;

type S = shape![2, 2, 2, 2, 2, 2, 2, 2, 2];

fn main() {}
