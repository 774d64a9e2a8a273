import { Link, Route, Routes } from 'react-router-dom';
import { AddCoursePage } from './add-course/AddCoursePage';
import { EditCoursePage } from './add-course/EditCoursePage';
import { DashboardPage } from './dashboard/DashboardPage';
import { EducatorGate } from './layout/EducatorGate';
import { MyCoursesPage } from './my-courses/MyCoursesPage';
import { StudentsEnrolledPage } from './students/StudentsEnrolledPage';

/** The educator area, with the absolute paths the shell routes to this remote. */
export default function App() {
  return (
    <Routes>
      <Route path="/educator" element={<EducatorGate />}>
        <Route index element={<DashboardPage />} />
        <Route path="add-course" element={<AddCoursePage />} />
        <Route path="my-courses" element={<MyCoursesPage />} />
        <Route path="students-enrolled" element={<StudentsEnrolledPage />} />
        <Route path="edit-course/:courseId" element={<EditCoursePage />} />
        <Route
          path="*"
          element={
            <section>
              <h1 className="page-title">Page not found</h1>
              <p>
                This educator page does not exist. <Link to="/educator">Go to the dashboard</Link>.
              </p>
            </section>
          }
        />
      </Route>
    </Routes>
  );
}
