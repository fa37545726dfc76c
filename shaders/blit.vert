#version 450 core
// Full-screen triangle without vertex buffers. Pixel row 0 is the bottom row (GL's and CS149's
// convention), so texture coordinates map straight through.
out vec2 v_uv;
void main() {
    vec2 p = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2);
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
